//! One edit of compiled class files: clearing `ACC_FINAL` of static fields that are test state.
//!
//! A test's statics are its input's, written over JNI before the method runs. The JIT folds a
//! `static final` field of an initialized class into the code it compiles, so once a method
//! reading one is compiled, later writes go unseen (after a few hundred tests, measured). A
//! field without `ACC_FINAL` is read afresh; javac has already checked the source's finality.
//! Only the access flags are touched, in place (class file layout: JVMS 4.1, 4.4, 4.5).

/// `ACC_STATIC`.
const STATIC: u16 = 0x0008;
/// `ACC_FINAL`.
const FINAL: u16 = 0x0010;

/// A reader over a class file's bytes.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn skip(&mut self, n: usize) -> Result<(), String> {
        if self.at + n > self.bytes.len() {
            return Err(format!("truncated class file at byte {}", self.at));
        }
        self.at += n;
        Ok(())
    }

    fn u1(&mut self) -> Result<u8, String> {
        let v = *self.bytes.get(self.at).ok_or("truncated class file")?;
        self.at += 1;
        Ok(v)
    }

    fn u2(&mut self) -> Result<u16, String> {
        Ok(u16::from(self.u1()?) << 8 | u16::from(self.u1()?))
    }

    fn u4(&mut self) -> Result<u32, String> {
        Ok(u32::from(self.u2()?) << 16 | u32::from(self.u2()?))
    }
}

/// Clears `ACC_FINAL` of the static fields of class file `bytes` named in `names`; how many
/// were cleared.
pub fn unfinal_statics(bytes: &mut [u8], names: &[String]) -> Result<usize, String> {
    let mut r = Reader { bytes, at: 0 };
    if r.u4()? != 0xCAFE_BABE {
        return Err("not a class file".into());
    }
    r.skip(4)?; // minor and major version
    let utf8 = constant_pool(&mut r)?;
    r.skip(6)?; // access flags, this class, super class
    let interfaces = r.u2()?;
    r.skip(2 * usize::from(interfaces))?;
    let mut flags_at = Vec::new();
    for _ in 0..r.u2()? {
        let at = r.at;
        let flags = r.u2()?;
        let name = utf8.get(&r.u2()?);
        r.skip(2)?; // descriptor
        for _ in 0..r.u2()? {
            r.skip(2)?;
            let len = r.u4()?;
            r.skip(len as usize)?;
        }
        let wanted = name.is_some_and(|n| names.iter().any(|x| x.as_bytes() == *n));
        if wanted && flags & (STATIC | FINAL) == STATIC | FINAL {
            flags_at.push((at, flags & !FINAL));
        }
    }
    for (at, flags) in &flags_at {
        bytes[*at..*at + 2].copy_from_slice(&flags.to_be_bytes());
    }
    Ok(flags_at.len())
}

/// Skips the constant pool; its `Utf8` entries by index.
fn constant_pool<'a>(
    r: &mut Reader<'a>,
) -> Result<std::collections::HashMap<u16, &'a [u8]>, String> {
    let mut utf8 = std::collections::HashMap::new();
    let count = r.u2()?;
    let mut i = 1;
    while i < count {
        let tag = r.u1()?;
        match tag {
            1 => {
                let len = usize::from(r.u2()?);
                let start = r.at;
                r.skip(len)?;
                utf8.insert(i, &r.bytes[start..start + len]);
            }
            7 | 8 | 16 | 19 | 20 => r.skip(2)?,
            15 => r.skip(3)?,
            3 | 4 | 9 | 10 | 11 | 12 | 17 | 18 => r.skip(4)?,
            5 | 6 => {
                r.skip(8)?;
                i += 1; // a long or double takes two entries
            }
            other => return Err(format!("unknown constant pool tag {other}")),
        }
        i += 1;
    }
    Ok(utf8)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A class file with a constant pool of Utf8 "a", "b", a long, and fields `a` (static
    /// final), `b` (final) and `a` again (static, not final).
    fn class_file() -> Vec<u8> {
        let mut c = vec![0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 61];
        c.extend([0, 5]); // 4 entries: 1 "a", 2 "b", 3-4 a long
        c.extend([1, 0, 1, b'a', 1, 0, 1, b'b', 5, 0, 0, 0, 0, 0, 0, 0, 7]);
        c.extend([0, 0x21, 0, 0, 0, 0, 0, 0]); // flags, this, super, no interfaces
        c.extend([0, 3]);
        c.extend([0, 0x18, 0, 1, 0, 2, 0, 1, 0, 2, 0, 0, 0, 1, 9]); // static final a, 1 attr
        c.extend([0, 0x10, 0, 2, 0, 2, 0, 0]); // final b
        c.extend([0, 0x08, 0, 1, 0, 2, 0, 0]); // static a
        c.extend([0, 0, 0, 0]); // no methods, no attributes
        c
    }

    #[test]
    fn clears_final_of_named_static_fields_only() {
        let mut c = class_file();
        let names = ["a".to_string(), "b".to_string()];
        assert_eq!(unfinal_statics(&mut c, &names), Ok(1));
        let mut want = class_file();
        want[38] = 0x08;
        assert_eq!(c, want);
        assert!(unfinal_statics(&mut c[..20], &names).is_err());
        assert!(unfinal_statics(&mut [0u8; 8], &names).is_err());
    }
}
