package tree;

/** A node of a parse tree (after ANTLR 3's org.antlr.runtime.tree.Tree). */
public interface Tree {
    Tree getChild(int i);

    int getChildCount();

    Tree getParent();

    void setParent(Tree t);

    int getChildIndex();

    void setChildIndex(int index);

    /** Whether this is a list of trees without a root (a nil node). */
    boolean isNil();

    void addChild(Tree t);
}
