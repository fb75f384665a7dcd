package arrays;

/** A set of ints kept sorted in an array, searched by bisection. */
public class SortedArraySet {
    private int[] keys;
    private int size;

    public SortedArraySet(int capacity) {
        keys = new int[Math.max(1, capacity)];
    }

    /** The index of k, or -(its insertion point) - 1. */
    private int search(int k) {
        int lo = 0;
        int hi = size - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (keys[mid] < k) {
                lo = mid + 1;
            } else if (keys[mid] > k) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -(lo + 1);
    }

    public boolean contains(int k) {
        return search(k) >= 0;
    }

    public boolean add(int k) {
        int at = search(k);
        if (at >= 0) {
            return false;
        }
        at = -(at + 1);
        if (size == keys.length) {
            int[] bigger = new int[2 * keys.length];
            for (int i = 0; i < size; i++) {
                bigger[i] = keys[i];
            }
            keys = bigger;
        }
        for (int i = size; i > at; i--) {
            keys[i] = keys[i - 1];
        }
        keys[at] = k;
        size++;
        return true;
    }
}
