// Sorted singly linked list of ints (duplicates allowed): merges another sorted list into this one
// with a recursive helper over two structures.
// Specification: specs/second/MergeList.spec. Seeded faults: java-subjects/second/faults.toml.
public class MergeList {
    Node head;
    int size; // number of nodes in this list

    static class Node {
        Node next;
        int key;
    }

    // moves every node of other into this list, keeping it sorted; other becomes empty
    void merge(MergeList other) {
        head = mergeNodes(head, other.head);
        size = size + other.size;
        other.head = null;
        other.size = 0;
    }

    static Node mergeNodes(Node a, Node b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        if (a.key <= b.key) {
            a.next = mergeNodes(a.next, b);
            return a;
        } else {
            b.next = mergeNodes(a, b.next);
            return b;
        }
    }
}
