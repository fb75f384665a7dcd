package maps;

import java.util.HashSet;
import java.util.Set;

/** The first position whose value occurred before it, found with a HashSet. */
public class FirstRepeat {
    /** The least j such that xs[j] equals an earlier element, or -1. */
    public static int first(int[] xs) {
        Set<Integer> seen = new HashSet<>();
        for (int j = 0; j < xs.length; j++) {
            if (!seen.add(xs[j])) {
                return j;
            }
        }
        return -1;
    }
}
