package arrays;

/** A directed graph on vertices 0 .. n-1 as adjacency arrays that grow per vertex. */
public class Graph {
    private final int[][] adj;
    private final int[] degree;
    private int edges;

    public Graph(int n) {
        adj = new int[n][];
        degree = new int[n];
    }

    public void addEdge(int u, int v) {
        if (v < 0 || v >= adj.length) {
            throw new IllegalArgumentException("no vertex " + v);
        }
        int[] row = adj[u];
        if (row == null) {
            row = new int[1];
        } else if (degree[u] == row.length) {
            int[] bigger = new int[2 * row.length];
            for (int i = 0; i < row.length; i++) {
                bigger[i] = row[i];
            }
            row = bigger;
        }
        row[degree[u]] = v;
        adj[u] = row;
        degree[u]++;
        edges++;
    }

    public boolean hasEdge(int u, int v) {
        int[] row = adj[u];
        for (int i = 0; i < degree[u]; i++) {
            if (row[i] == v) {
                return true;
            }
        }
        return false;
    }

    public int outDegree(int u) {
        int d = 0;
        if (adj[u] != null) {
            for (int x : adj[u]) {
                d++;
            }
        }
        return Math.min(d, degree[u]);
    }
}
