package sattar;

import java.lang.reflect.Array;
import java.util.Iterator;

/**
 * An enhanced for, as JLS 14.14.2 desugars it: over an array, the array and the next index; over
 * an Iterable, its iterator.
 */
public final class Each {
    private final Object array;
    private final Iterator<?> iterator;
    private int next;

    Each(Object array, Iterator<?> iterator) {
        this.array = array;
        this.iterator = iterator;
    }

    /** Whether an element is left (the loop's test); a null array throws here, as Java does. */
    public boolean more() {
        if (iterator != null) {
            return iterator.hasNext();
        }
        if (array == null) {
            throw new NullPointerException();
        }
        return next < Array.getLength(array);
    }

    /** The next element of an Iterable or of an array of references. */
    public Object next() {
        if (iterator != null) {
            return iterator.next();
        }
        return Array.get(array, next++);
    }

    /** The next element of an int[]. */
    public int nextInt() {
        return ((int[]) array)[next++];
    }

    /** The next element of a long[]. */
    public long nextLong() {
        return ((long[]) array)[next++];
    }

    /** The next element of a boolean[]. */
    public boolean nextBoolean() {
        return ((boolean[]) array)[next++];
    }

    /** The next element of a char[]. */
    public char nextChar() {
        return ((char[]) array)[next++];
    }

    /** The next element of a short[]. */
    public short nextShort() {
        return ((short[]) array)[next++];
    }

    /** The next element of a byte[]. */
    public byte nextByte() {
        return ((byte[]) array)[next++];
    }
}
