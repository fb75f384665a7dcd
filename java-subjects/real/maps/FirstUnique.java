package maps;

import java.util.LinkedHashMap;
import java.util.Map;

/** The first value that occurs exactly once, found by counting in a LinkedHashMap (insertion order). */
public class FirstUnique {
    /** The value of the earliest element no other element equals, or -1. */
    public static int first(int[] xs) {
        Map<Integer, Integer> counts = new LinkedHashMap<>();
        for (int x : xs) {
            Integer c = counts.get(x);
            counts.put(x, c == null ? 1 : c + 1);
        }
        for (Map.Entry<Integer, Integer> e : counts.entrySet()) {
            if (e.getValue() == 1) {
                return e.getKey();
            }
        }
        return -1;
    }
}
