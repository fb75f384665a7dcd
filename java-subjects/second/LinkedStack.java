// Linked stack of ints (top, size): pop, and transfer of another stack's elements onto this one.
// Specification: specs/second/LinkedStack.spec. Seeded faults: java-subjects/second/faults.toml.
public class LinkedStack {
    Node top;
    int size; // number of nodes in this stack

    static class Node {
        Node next;
        int key;
    }

    // removes the top element and returns its key
    int pop() {
        if (top == null) {
            throw new IllegalStateException();
        }
        int k = top.key;
        top = top.next;
        size = size - 1;
        return k;
    }

    // pops every element of other and pushes it onto this stack
    void transfer(LinkedStack other) {
        while (other.top != null) {
            Node n = other.top;
            other.top = n.next;
            n.next = top;
            top = n;
            size = size + 1;
            other.size = other.size - 1;
        }
    }
}
