// Sorted singly linked list of distinct ints: iterative insert, recursive comparison of two lists.
// Specification: specs/second/SortedList.spec. Seeded faults: java-subjects/second/faults.toml.
public class SortedList {
    Node head;
    int size; // number of nodes in this list

    static class Node {
        Node next;
        int key;
    }

    // inserts k at its place in ascending order; returns false if k is already present
    boolean insert(int k) {
        Node prev = null;
        Node cur = head;
        while (cur != null && cur.key < k) {
            prev = cur;
            cur = cur.next;
        }
        if (cur != null && cur.key == k) {
            return false;
        }
        Node n = new Node();
        n.key = k;
        n.next = cur;
        if (prev == null) {
            head = n;
        } else {
            prev.next = n;
        }
        size = size + 1;
        return true;
    }

    // whether this list and other hold the same keys
    boolean sameKeys(SortedList other) {
        return same(head, other.head);
    }

    static boolean same(Node a, Node b) {
        if (a == null || b == null) {
            return a == b;
        }
        if (a.key != b.key) {
            return false;
        }
        return same(a.next, b.next);
    }
}
