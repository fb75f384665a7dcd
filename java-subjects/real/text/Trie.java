package text;

/**
 * A set of non-empty words: a trie whose nodes keep their children as a chain, first child and
 * next sibling; the root stands for the empty prefix and holds no char.
 */
public class Trie {
    static final class Node {
        final char c;
        Node child;
        Node sibling;
        boolean end;

        Node(char c, Node sibling) {
            this.c = c;
            this.sibling = sibling;
        }
    }

    private final Node root = new Node('\0', null);
    private int size;

    /** Adds w; true if it was not in the set. */
    public boolean add(String w) {
        Node n = root;
        for (int i = 0; i < w.length(); i++) {
            char ch = w.charAt(i);
            Node c = n.child;
            while (c != null && c.c != ch) {
                c = c.sibling;
            }
            if (c == null) {
                c = new Node(ch, n.child);
                n.child = c;
            }
            n = c;
        }
        if (n.end) {
            return false;
        }
        n.end = true;
        size++;
        return true;
    }

    /** Whether w is in the set. */
    public boolean contains(String w) {
        Node n = root;
        for (int i = 0; i < w.length() && n != null; i++) {
            Node c = n.child;
            while (c != null && c.c != w.charAt(i)) {
                c = c.sibling;
            }
            n = c;
        }
        return n != null && n.end;
    }

    /** The number of words in the set. */
    public int size() {
        return size;
    }
}
