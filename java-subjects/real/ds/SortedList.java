package ds;

/** A singly linked list kept in ascending order; duplicates allowed. */
public class SortedList<T extends Comparable<T>> extends AbstractContainer<T> {
    private Node head;

    /** A cell of this list (an inner class: it knows its list). */
    private class Node {
        T item;
        Node next;

        Node(T item, Node next) {
            this.item = item;
            this.next = next;
        }
    }

    @Override
    public void add(T x) {
        if (head == null || x.compareTo(head.item) <= 0) {
            head = new Node(x, head);
        } else {
            Node cur = head;
            while (cur.next != null && cur.next.item.compareTo(x) < 0) {
                cur = cur.next;
            }
            cur.next = new Node(x, cur.next);
        }
        size++;
    }

    @Override
    public int count(T x) {
        int n = 0;
        for (Node cur = head; cur != null; cur = cur.next) {
            if (cur.item.compareTo(x) == 0) {
                n++;
            }
        }
        return n;
    }

    /** Removes one occurrence of `x`; whether there was one. */
    public boolean remove(T x) {
        Node prev = null;
        Node cur = head;
        while (cur != null && cur.item.compareTo(x) < 0) {
            prev = cur;
            cur = cur.next;
        }
        if (cur == null || cur.item.compareTo(x) != 0) {
            return false;
        }
        if (prev == null) {
            head = cur.next;
        } else {
            prev.next = cur.next;
        }
        size--;
        return true;
    }

    /** The position of the first occurrence of `x`, or NOT_FOUND. */
    public int indexOf(T x) {
        int i = 0;
        for (Node cur = head; cur != null; cur = cur.next) {
            if (cur.item.compareTo(x) == 0) {
                return i;
            }
            i++;
        }
        return NOT_FOUND;
    }

    public T first() {
        if (head == null) {
            throw new IllegalStateException("empty list");
        }
        return head.item;
    }
}
