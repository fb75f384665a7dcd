// Doubly linked list (head, tail, prev/next links, size) of distinct ints: remove by key, get by index.
// Specification: specs/second/DoublyLinkedList.spec. Seeded faults: java-subjects/second/faults.toml.
public class DoublyLinkedList {
    Node head;
    Node tail;
    int size; // number of nodes in this list

    static class Node {
        Node prev;
        Node next;
        int key;
    }

    // removes the node with key k; returns false if there is none
    boolean remove(int k) {
        Node cur = head;
        while (cur != null) {
            if (cur.key == k) {
                if (cur.prev == null) {
                    head = cur.next;
                } else {
                    cur.prev.next = cur.next;
                }
                if (cur.next == null) {
                    tail = cur.prev;
                } else {
                    cur.next.prev = cur.prev;
                }
                size = size - 1;
                return true;
            }
            cur = cur.next;
        }
        return false;
    }

    // the key at position i (0 is the head)
    int get(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException();
        }
        Node cur = head;
        for (int j = 0; j < i; j++) {
            cur = cur.next;
        }
        return cur.key;
    }
}
