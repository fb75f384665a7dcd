package sattar.model.java.util;

import java.util.EmptyStackException;

/** sattar's model of java.util.Stack: a Vector whose end is the top. */
public class Stack<E> extends Vector<E> {
    public Stack() {
    }

    public E push(E item) {
        add(item);
        return item;
    }

    public E pop() {
        E top = peek();
        removeElementAt(elements.length - 1);
        return top;
    }

    @SuppressWarnings("unchecked")
    public E peek() {
        if (elements.length == 0) {
            throw new EmptyStackException();
        }
        return (E) elements[elements.length - 1];
    }

    public boolean empty() {
        return elements.length == 0;
    }

    /** 1-based distance from the top of the last occurrence, or -1. */
    public int search(Object o) {
        int i = lastIndexOf(o);
        if (i >= 0) {
            return elements.length - i;
        }
        return -1;
    }
}
