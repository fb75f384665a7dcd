package ds;

/** A key with a total order: the element type of the containers. */
public final class Key implements Comparable<Key> {
    private final int value;

    public Key(int value) {
        this.value = value;
    }

    public int value() {
        return value;
    }

    @Override
    public int compareTo(Key other) {
        if (value < other.value) {
            return -1;
        }
        if (value > other.value) {
            return 1;
        }
        return 0;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Key)) {
            return false;
        }
        Key k = (Key) o;
        return k.value == value;
    }

    @Override
    public int hashCode() {
        return Integer.hashCode(value);
    }

    @Override
    public String toString() {
        return "Key(" + value + ")";
    }
}
