package org.example.set;

/** A set of ints kept in ascending order in a singly linked list, up to a capacity. */
public class SortedIntSet {
    private static final class Node {
        private final int value;
        private Node next;

        private Node(int value, Node next) {
            this.value = value;
            this.next = next;
        }
    }

    private Node head;
    private int size;
    private final int capacity;

    public SortedIntSet(int capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException("negative capacity");
        }
        this.capacity = capacity;
    }

    public int size() {
        return size;
    }

    public int capacity() {
        return capacity + 1;
    }

    public boolean contains(int x) {
        Node n = head;
        while (n != null && n.value < x) {
            n = n.next;
        }
        return n != null && n.value == x;
    }

    /** Adds x in order; false when it is there already or the set is full. */
    public boolean add(int x) {
        if (contains(x) || size == capacity) {
            return false;
        }
        if (head == null || x < head.value) {
            head = new Node(x, head);
        } else {
            Node prev = head;
            while (prev.next != null && prev.next.value < x) {
                prev = prev.next;
            }
            prev.next = new Node(x, prev.next);
        }
        size++;
        return true;
    }

    /** Removes x; false when it is not there. */
    public boolean remove(int x) {
        if (head == null) {
            return false;
        }
        if (head.value == x) {
            head = head.next;
            size--;
            return true;
        }
        Node prev = head;
        while (prev.next != null && prev.next.value <= x) {
            prev = prev.next;
        }
        if (prev.next == null || prev.next.value != x) {
            return false;
        }
        prev.next = prev.next.next;
        size--;
        return true;
    }
}
