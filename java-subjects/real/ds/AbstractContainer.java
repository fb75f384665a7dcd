package ds;

/** What every container of the package shares: a size and a printable form. */
public abstract class AbstractContainer<T> implements Container<T> {
    protected int size;

    @Override
    public int size() {
        return size;
    }

    /** Counts how many elements `x` occurs as (subclasses enumerate their elements). */
    public abstract int count(T x);

    @Override
    public boolean contains(T x) {
        return count(x) > 0;
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder(getClass().getSimpleName());
        b.append("[size=").append(size).append(']');
        return b.toString();
    }
}
