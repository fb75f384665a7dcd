package sattar;

import java.lang.reflect.Array;

/** An enhanced for over an array, as JLS 14.14.2 desugars it: the array and the next index. */
public final class Each {
    private final Object array;
    private int next;

    Each(Object array) {
        this.array = array;
    }

    /** Whether an element is left (the loop's test); a null array throws here, as Java does. */
    public boolean more() {
        if (array == null) {
            throw new NullPointerException();
        }
        return next < Array.getLength(array);
    }

    /** The next element of an array of references. */
    public Object next() {
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
