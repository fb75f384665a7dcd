package org.example.shop;

import java.util.ArrayList;
import java.util.List;

public class Inventory<K> {
    private final List<K> items = new ArrayList<>();
    private final List<Integer> counts = new ArrayList<>();
    private int total;

    public void put(K item, int n) {
        int i = items.indexOf(item);
        if (i < 0) {
            items.add(item);
            counts.add(n);
        } else {
            counts.set(i, counts.get(i) + n);
        }
        total += n;
    }

    public boolean take(K item, int n) {
        int i = items.indexOf(item);
        if (i < 0 || counts.get(i) < n) {
            return false;
        }
        int had = counts.get(i);
        if (had == n) {
            items.remove(i);
            counts.remove(i);
        } else {
            counts.set(i, had - n);
        }
        total -= had;
        return true;
    }

    public int total() {
        return total;
    }
}
