package maps;

import java.util.TreeMap;

/** Bookings [start, end) that never overlap, kept in a TreeMap from start to end. */
public class Calendar {
    /** Whether [s, e) overlaps none of the bookings [starts[i], ends[i]) (themselves disjoint). */
    public static boolean free(int[] starts, int[] ends, int s, int e) {
        TreeMap<Integer, Integer> booked = new TreeMap<>();
        for (int i = 0; i < starts.length; i++) {
            booked.put(starts[i], ends[i]);
        }
        Integer before = booked.floorKey(s);
        if (before != null && booked.get(before) > s) {
            return false;
        }
        Integer after = booked.ceilingKey(s);
        return after == null || after >= e;
    }
}
