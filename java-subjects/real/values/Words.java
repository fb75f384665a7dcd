package values;

/** Words of a text: maximal runs of letters and digits; every other char separates them. */
public class Words {
    /** The number of words in s. */
    public static int count(String s) {
        int words = 0;
        boolean inWord = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isLetterOrDigit(c)) {
                if (!inWord) {
                    words++;
                    inWord = true;
                }
            } else {
                inWord = false;
            }
        }
        return words;
    }
}
