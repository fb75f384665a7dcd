// Linked FIFO queue of ints (head, tail, size): enqueue at the tail, dequeue at the head.
// Specification: specs/second/LinkedQueue.spec. Seeded faults: java-subjects/second/faults.toml.
public class LinkedQueue {
    Node head;
    Node tail;
    int size; // number of nodes in this queue

    static class Node {
        Node next;
        int key;
    }

    // appends k at the tail
    void enqueue(int k) {
        Node n = new Node();
        n.key = k;
        if (tail == null) {
            head = n;
        } else {
            tail.next = n;
        }
        tail = n;
        size = size + 1;
    }

    // removes the head and returns its key
    int dequeue() {
        if (head == null) {
            throw new IllegalStateException();
        }
        int k = head.key;
        head = head.next;
        if (head == null) {
            tail = null;
        }
        size = size - 1;
        return k;
    }
}
