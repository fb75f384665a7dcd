package random;

import java.util.Random;

/**
 * A treap: a binary search tree by key that is a max-heap by priority, each node's priority drawn
 * from a seeded Random when the node is made, so that the tree's shape is that of a random
 * insertion order whatever the order of the keys.
 */
public class Treap {
    /** One key and its priority. */
    static class Node {
        int key;
        int priority;
        Node left;
        Node right;

        Node(int key, int priority) {
            this.key = key;
            this.priority = priority;
        }
    }

    Node root;
    int size;
    Random rnd;

    public Treap(long seed) {
        rnd = new Random(seed);
    }

    /** Adds `key` unless the treap holds it; whether it was added. */
    public boolean add(int key) {
        int before = size;
        root = insert(root, key);
        return size > before;
    }

    private Node insert(Node n, int key) {
        if (n == null) {
            size++;
            return new Node(key, rnd.nextInt());
        }
        if (key < n.key) {
            n.left = insert(n.left, key);
            if (n.left.priority > n.priority) {
                n = rotateRight(n);
            }
        } else if (key > n.key) {
            n.right = insert(n.right, key);
            if (n.right.priority > n.priority) {
                n = rotateLeft(n);
            }
        }
        return n;
    }

    private Node rotateRight(Node n) {
        Node l = n.left;
        n.left = l.right;
        l.right = n;
        return l;
    }

    private Node rotateLeft(Node n) {
        Node r = n.right;
        n.right = r.left;
        r.left = n;
        return r;
    }
}
