package collections;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/** A directed graph on vertices 0..n-1 with adjacency lists, searched breadth first. */
public class ListGraph {
    /** adj.get(v): the successors of v, in the order the edges were added. */
    List<List<Integer>> adj = new ArrayList<>();

    /** The number of vertices. */
    public int vertices() {
        return adj.size();
    }

    /** Adds the edge v -> w (both must be vertices). */
    public void addEdge(int v, int w) {
        if (v < 0 || v >= adj.size() || w < 0 || w >= adj.size()) {
            throw new IllegalArgumentException();
        }
        adj.get(v).add(w);
    }

    /** The number of vertices reachable from s (s included), by breadth-first search. */
    public int reachable(int s) {
        boolean[] seen = new boolean[adj.size()];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        seen[s] = true;
        queue.add(s);
        int count = 0;
        while (!queue.isEmpty()) {
            int v = queue.poll();
            count++;
            for (int w : adj.get(v)) {
                if (!seen[w]) {
                    seen[w] = true;
                    queue.add(w);
                }
            }
        }
        return count;
    }
}
