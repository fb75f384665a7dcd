package tree;

import java.util.ArrayList;
import java.util.List;

/** A tree keeping its children in a java.util.List; parents and indices are left to subclasses. */
public abstract class BaseTree implements Tree {
    List children;

    public Tree getChild(int i) {
        if (children == null || i >= children.size()) {
            return null;
        }
        return (Tree) children.get(i);
    }

    public int getChildCount() {
        if (children == null) {
            return 0;
        }
        return children.size();
    }

    /** Adds t as a child; a nil t gives its children instead (the paper's Figure 4b). */
    public void addChild(Tree t) {
        if (t == null) {
            return;
        }
        BaseTree childTree = (BaseTree) t;
        if (childTree.isNil()) {
            if (this.children != null && this.children == childTree.children) {
                throw new RuntimeException("attempt to add child list to itself");
            }
            if (childTree.children != null) {
                int n = childTree.children.size();
                if (this.children != null) {
                    for (int i = 0; i < n; i++) {
                        Tree c = (Tree) childTree.children.get(i);
                        this.children.add(c);
                        c.setParent(this);
                        c.setChildIndex(children.size() - 1);
                    }
                } else {
                    this.children = childTree.children;
                    int i = 0;
                    while (i < n) {
                        Tree c = (Tree) childTree.children.get(i);
                        c.setParent(this);
                        i++;
                    }
                }
            }
        } else {
            if (children == null) {
                children = createChildrenList();
            }
            children.add(t);
            childTree.setParent(this);
            childTree.setChildIndex(children.size() - 1);
        }
    }

    /** Sets every child's parent to this tree and its index to its position. */
    public void freshenParentAndChildIndexes() {
        int n = getChildCount();
        for (int c = 0; c < n; c++) {
            Tree child = getChild(c);
            child.setChildIndex(c);
            child.setParent(this);
        }
    }

    public boolean isNil() {
        return false;
    }

    public Tree getParent() {
        return null;
    }

    public void setParent(Tree t) {
    }

    public int getChildIndex() {
        return 0;
    }

    public void setChildIndex(int index) {
    }

    protected List createChildrenList() {
        return new ArrayList();
    }
}
