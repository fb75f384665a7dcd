package ds;

/** An unbalanced binary search tree of distinct keys, with parent links. */
public class SearchTree<T extends Comparable<T>> extends AbstractContainer<T> {
    private Entry<T> root;

    /** A node of the tree. */
    static final class Entry<T> {
        T key;
        Entry<T> left;
        Entry<T> right;
        Entry<T> parent;

        Entry(T key, Entry<T> parent) {
            this.key = key;
            this.parent = parent;
        }
    }

    @Override
    public void add(T x) {
        Entry<T> parent = null;
        Entry<T> cur = root;
        int cmp = 0;
        while (cur != null) {
            parent = cur;
            cmp = x.compareTo(cur.key);
            if (cmp < 0) {
                cur = cur.left;
            } else if (cmp > 0) {
                cur = cur.right;
            } else {
                return;
            }
        }
        Entry<T> e = new Entry<>(x, parent);
        if (parent == null) {
            root = e;
        } else if (cmp < 0) {
            parent.left = e;
        } else {
            parent.right = e;
        }
        size++;
    }

    @Override
    public int count(T x) {
        return find(x) == null ? 0 : 1;
    }

    private Entry<T> find(T x) {
        Entry<T> cur = root;
        while (cur != null) {
            int cmp = x.compareTo(cur.key);
            if (cmp == 0) {
                return cur;
            }
            cur = cmp < 0 ? cur.left : cur.right;
        }
        return null;
    }

    /** The height of the tree: 0 when empty. */
    public int height() {
        return height(root);
    }

    private static <T> int height(Entry<T> e) {
        if (e == null) {
            return 0;
        }
        int l = height(e.left);
        int r = height(e.right);
        return 1 + (l > r ? l : r);
    }

    /** The smallest key. */
    public T min() {
        if (root == null) {
            throw new IllegalStateException("empty tree");
        }
        Entry<T> cur = root;
        while (cur.left != null) {
            cur = cur.left;
        }
        return cur.key;
    }
}
