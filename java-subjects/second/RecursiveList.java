// Singly linked list of ints (head, size) with recursive helpers over one structure:
// removeAll(k) and reverse().
// Specification: specs/second/RecursiveList.spec. Seeded faults: java-subjects/second/faults.toml.
public class RecursiveList {
    Node head;
    int size; // number of nodes in this list

    static class Node {
        Node next;
        int key;
    }

    // removes every node whose key is k
    void removeAll(int k) {
        head = removeFrom(head, k);
    }

    // the list n without its nodes of key k
    Node removeFrom(Node n, int k) {
        if (n == null) {
            return null;
        }
        Node rest = removeFrom(n.next, k);
        if (n.key == k) {
            size = size - 1;
            return rest;
        }
        n.next = rest;
        return n;
    }

    // reverses the order of the nodes
    void reverse() {
        head = reverseOnto(head, null);
    }

    // the list n reversed in front of acc
    static Node reverseOnto(Node n, Node acc) {
        if (n == null) {
            return acc;
        }
        Node next = n.next;
        n.next = acc;
        return reverseOnto(next, n);
    }
}
