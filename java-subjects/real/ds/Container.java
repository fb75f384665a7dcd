package ds;

/** A collection of elements, as the containers of this package implement it. */
public interface Container<T> {
    int NOT_FOUND = -1;

    int size();

    boolean contains(T x);

    void add(T x);

    default boolean isEmpty() {
        return size() == 0;
    }
}
