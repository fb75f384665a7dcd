package tree;

/** The token ANTLR's lexers make; its type is all a tree needs here. */
public class CommonToken implements Token {
    int type;

    public int getType() {
        return type;
    }
}
