// Binary search tree of the SAT-TAR paper (Gopinath, Zaeem, Khurshid, ASE 2012), Figure 4a.
// Specification: specs/bst.spec. Seeded faults: java-subjects/faults.toml.
public class BinarySearchTree {
    Node root;
    int size; // number of nodes in this tree

    static class Node {
        Node left;
        Node right;
        Node parent;
        int key;
    }

    // inserts k; returns false if k is already in the tree
    boolean add(int k) {
        Node y = null;
        Node x = this.root;
        while (x != null) {
            y = x;
            if (k < x.key) {
                x = x.left;
            } else if (k > x.key) {
                x = x.right;
            } else {
                return false;
            }
        }
        x = new Node();
        x.key = k;
        if (y == null) {
            this.root = x;
        } else if (k < y.key) {
            y.left = x;
        } else {
            y.right = x;
        }
        x.parent = y;
        this.size = this.size + 1;
        return true;
    }
}
