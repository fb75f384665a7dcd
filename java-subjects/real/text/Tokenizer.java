package text;

import java.util.ArrayList;
import java.util.List;

/** Splits a text into words: the maximal runs of chars that are not whitespace. */
public class Tokenizer {
    /** The words of s, first to last. */
    public static List<String> split(String s) {
        List<String> words = new ArrayList<>();
        int start = -1;
        for (int i = 0; i < s.length(); i++) {
            if (Character.isWhitespace(s.charAt(i))) {
                if (start >= 0) {
                    words.add(s.substring(start, i));
                    start = -1;
                }
            } else if (start < 0) {
                start = i;
            }
        }
        if (start >= 0) {
            words.add(s.substring(start));
        }
        return words;
    }
}
