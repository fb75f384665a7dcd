package sattar.model.java.util;

/** sattar's model of java.util.Iterator (remaining-element actions, which take lambdas, are left out). */
public interface Iterator<E> {
    /** Whether next() has an element to return. */
    boolean hasNext();

    /** The next element. */
    E next();

    /** The JDK's default: iterators that do not remove say so. */
    default void remove() {
        throw new UnsupportedOperationException();
    }
}
