package org.example.set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SortedIntSetTest {
    private static SortedIntSet of(int... values) {
        SortedIntSet set = new SortedIntSet(10);
        for (int v : values) {
            set.add(v);
        }
        return set;
    }

    @Test
    void removesWhatItHolds() {
        SortedIntSet set = of(3, 7, 5);
        assertTrue(set.remove(3));
        assertFalse(set.remove(4));
        assertTrue(set.remove(7));
        assertEquals(1, set.size());
    }

    @Test
    void removesFromTheMiddle() {
        SortedIntSet set = new SortedIntSet(4);
        set.add(2);
        set.add(6);
        set.add(4);
        assertTrue(set.remove(2));
        assertTrue(set.remove(6));
        assertEquals(1, set.size());
    }

    @Test
    void removesTheLargestOfMany() {
        SortedIntSet set = of(12, 3, 9, 1, 7, 5, 11, 8);
        assertTrue(set.remove(12));
        assertEquals(7, set.size());
    }

    @Test
    void keepsItsCapacity() {
        SortedIntSet set = of(1, 2);
        assertTrue(set.remove(1));
        assertEquals(10, set.capacity());
    }

    @Test
    void addsInOrder() {
        SortedIntSet set = of(2, 1);
        assertTrue(set.contains(1));
        assertEquals(2, set.size());
    }
}
