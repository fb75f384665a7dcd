// Binary search tree of distinct ints (root, size): recursive insert, iterative removeMin.
// Specification: specs/second/RecursiveBst.spec. Seeded faults: java-subjects/second/faults.toml.
import java.util.NoSuchElementException;

public class RecursiveBst {
    Node root;
    int size; // number of nodes in this tree

    static class Node {
        Node left;
        Node right;
        int key;
    }

    // inserts k unless it is already in the tree
    void insert(int k) {
        root = insertAt(root, k);
    }

    // the subtree n with k inserted
    Node insertAt(Node n, int k) {
        if (n == null) {
            Node m = new Node();
            m.key = k;
            size = size + 1;
            return m;
        }
        if (k < n.key) {
            n.left = insertAt(n.left, k);
        } else if (k > n.key) {
            n.right = insertAt(n.right, k);
        }
        return n;
    }

    // removes the smallest key and returns it
    int removeMin() {
        if (root == null) {
            throw new NoSuchElementException();
        }
        Node parent = null;
        Node n = root;
        while (n.left != null) {
            parent = n;
            n = n.left;
        }
        if (parent == null) {
            root = n.right;
        } else {
            parent.left = n.right;
        }
        size = size - 1;
        return n.key;
    }
}
