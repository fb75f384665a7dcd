package maps;

import java.util.HashMap;
import java.util.Map;

/** Two entries of an array that add up to a target, found in one pass with a HashMap. */
public class TwoSum {
    /** The pair found: first < second. */
    int first = -1;
    int second = -1;

    /** Whether some i < j have xs[i] + xs[j] == target; if so, the last such j and its first i. */
    public boolean find(int[] xs, int target) {
        Map<Integer, Integer> seen = new HashMap<>();
        for (int j = 0; j < xs.length; j++) {
            Integer i = seen.get(target - xs[j]);
            if (i != null) {
                first = i;
                second = j;
                return true;
            }
            seen.putIfAbsent(xs[j], j);
        }
        return false;
    }
}
