package collections;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** A tree whose nodes keep their children in a java.util.List and count the nodes under them. */
public class NaryTree {
    int key;
    /** The nodes of this subtree, this one included. */
    int size = 1;
    List<NaryTree> children = new ArrayList<>();

    /** Adds a leaf with key k under this node; returns it. */
    public NaryTree addLeaf(int k) {
        NaryTree leaf = new NaryTree();
        leaf.key = k;
        children.add(leaf);
        size = size + 1;
        return leaf;
    }

    /** Removes the children of this node that are leaves with key k; returns how many. */
    public int pruneLeaves(int k) {
        int removed = 0;
        Iterator<NaryTree> it = children.iterator();
        while (it.hasNext()) {
            NaryTree c = it.next();
            if (c.key == k && c.children.isEmpty()) {
                it.remove();
                removed++;
            }
        }
        size = size - removed;
        return removed;
    }

    /** The number of nodes of this subtree, counted. */
    public int count() {
        int n = 1;
        for (NaryTree c : children) {
            n += c.count();
        }
        return n;
    }
}
