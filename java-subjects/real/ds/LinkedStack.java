package ds;

/** A stack on linked cells, with a bounded capacity. */
public class LinkedStack<T> implements Container<T> {
    public static final int DEFAULT_CAPACITY = 16;

    private Cell<T> top;
    private int size;
    private int capacity = DEFAULT_CAPACITY;

    private static class Cell<T> {
        final T value;
        final Cell<T> below;

        Cell(T value, Cell<T> below) {
            this.value = value;
            this.below = below;
        }
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public boolean contains(T x) {
        for (Cell<T> c = top; c != null; c = c.below) {
            if (c.value == x) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void add(T x) {
        push(x);
    }

    public void push(T x) {
        if (size == capacity) {
            throw new IllegalStateException("stack full");
        }
        top = new Cell<>(x, top);
        size++;
    }

    public T pop() {
        if (top == null) {
            throw new IllegalStateException("stack empty");
        }
        T v = top.value;
        top = top.below;
        size--;
        return v;
    }

    public T peek() {
        return top == null ? null : top.value;
    }
}
