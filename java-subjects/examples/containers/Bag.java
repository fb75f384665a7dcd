import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.TreeMap;

/** The spec language's containers at work (specs/examples/Bag.spec): a list, maps, a set, a String. */
public class Bag {
    ArrayList<Integer> xs = new ArrayList<>();
    HashMap<Integer, Integer> counts = new HashMap<>();
    TreeMap<Integer, Integer> firsts = new TreeMap<>();
    HashSet<Integer> seen = new HashSet<>();
    String name = "";

    int size() {
        return xs.size();
    }

    int at(int i) {
        return xs.get(i);
    }

    boolean holds(int x) {
        return xs.contains(x);
    }

    void add(int x) {
        xs.add(x);
        Integer c = counts.get(x);
        counts.put(x, c == null ? 1 : c + 1);
    }

    int count(int x) {
        Integer c = counts.get(x);
        return c == null ? 0 : c;
    }

    boolean counted(int x) {
        return counts.containsKey(x);
    }

    int first(int x) {
        Integer f = firsts.get(x);
        return f == null ? -1 : f;
    }

    void mark(int x, int pos) {
        if (!firsts.containsKey(x)) {
            firsts.put(x, pos);
        }
    }

    boolean saw(int x) {
        return seen.contains(x);
    }

    void see(int x) {
        seen.add(x);
    }

    int kinds() {
        return seen.size();
    }

    int nameLength() {
        return name.length();
    }

    char initial() {
        return name.charAt(0);
    }
}
