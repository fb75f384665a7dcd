package arrays;

/** A growable array of references, as java.util.ArrayList keeps one. */
public class DynArray<T> {
    private T[] data;
    private int size;

    @SuppressWarnings("unchecked")
    public DynArray() {
        data = (T[]) new Object[2];
    }

    public int size() {
        return size;
    }

    public T get(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("index " + i);
        }
        return data[i];
    }

    public void add(T x) {
        if (size == data.length) {
            grow();
        }
        data[size++] = x;
    }

    public T removeAt(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("index " + i);
        }
        T old = data[i];
        for (int j = i; j < size - 1; j++) {
            data[j] = data[j + 1];
        }
        size--;
        data[size] = null;
        return old;
    }

    @SuppressWarnings("unchecked")
    private void grow() {
        T[] bigger = (T[]) new Object[data.length * 2 + 1];
        for (int j = 0; j < size; j++) {
            bigger[j] = data[j];
        }
        data = bigger;
    }
}
