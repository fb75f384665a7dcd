package ds;

/** Which way a ranking goes. */
public enum Order {
    ASCENDING,
    DESCENDING;

    /** Whether `cmp` (a compareTo result) puts the first element before the second. */
    public boolean before(int cmp) {
        if (this == ASCENDING) {
            return cmp < 0;
        }
        return cmp > 0;
    }
}
