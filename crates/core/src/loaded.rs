//! Data read from a file (measured curves, measured speedups, energy
//! runs), held by shared reference with where it came from and a hash of
//! its content: a session that holds it clones in constant time and
//! compares by path and hash, never by walking the data.

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use hetscope_preset::{PresetError, read_text};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Data of type `T` and the file it was read from.
pub struct Loaded<T> {
    /// The file as the user named it (or what made the data, e.g.
    /// "measured on this machine").
    path: String,
    /// FNV-1a hash of the file's bytes (or of the data's JSON where no
    /// file was read).
    hash: u64,
    data: Arc<T>,
}

impl<T> Loaded<T> {
    /// Data read from the file `path` whose bytes were `bytes`.
    pub fn from_file(path: impl Into<String>, bytes: &[u8], data: T) -> Loaded<T> {
        Loaded {
            path: path.into(),
            hash: content_hash(bytes),
            data: Arc::new(data),
        }
    }

    /// Read the text file `path` and turn its text into data with
    /// `parse` (which names the file, line and column of a problem).
    pub fn read(
        path: &Path,
        parse: impl FnOnce(&str) -> Result<T, PresetError>,
    ) -> Result<Loaded<T>, PresetError> {
        let text = read_text(path)?;
        let data = parse(&text)?;
        Ok(Loaded::from_file(
            path.display().to_string(),
            text.as_bytes(),
            data,
        ))
    }

    pub fn path(&self) -> &str {
        &self.path
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub fn data(&self) -> &T {
        &self.data
    }

    /// The shared data itself.
    pub fn shared(&self) -> &Arc<T> {
        &self.data
    }
}

impl<T: Serialize> Loaded<T> {
    /// Data that no file holds (measured, or carried over from an older
    /// saved state): hashed by its JSON.
    pub fn made(label: impl Into<String>, data: T) -> Loaded<T> {
        let bytes = serde_json::to_vec(&data).unwrap_or_default();
        Loaded {
            path: label.into(),
            hash: content_hash(&bytes),
            data: Arc::new(data),
        }
    }
}

/// 64-bit FNV-1a: stable across builds, so a hash saved in a session file
/// still means the same content when read back.
pub fn content_hash(bytes: &[u8]) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    bytes
        .iter()
        .fold(OFFSET, |h, b| (h ^ u64::from(*b)).wrapping_mul(PRIME))
}

impl<T> Clone for Loaded<T> {
    fn clone(&self) -> Self {
        Loaded {
            path: self.path.clone(),
            hash: self.hash,
            data: Arc::clone(&self.data),
        }
    }
}

/// Two loads are the same when they came from the same path with the
/// same content.
impl<T> PartialEq for Loaded<T> {
    fn eq(&self, other: &Self) -> bool {
        self.hash == other.hash && self.path == other.path
    }
}

impl<T> fmt::Debug for Loaded<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Loaded")
            .field("path", &self.path)
            .field("hash", &format_args!("{:016x}", self.hash))
            .finish_non_exhaustive()
    }
}

/// What is saved: the path, the hash and the data (so a saved state
/// needs no file to come back).
#[derive(Serialize)]
struct Saved<'a, T> {
    path: &'a str,
    hash: u64,
    data: &'a T,
}

impl<T: Serialize> Serialize for Loaded<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Saved {
            path: &self.path,
            hash: self.hash,
            data: &*self.data,
        }
        .serialize(s)
    }
}

/// What is read: a saved [`Loaded`], or the data alone as states saved
/// before it held a path (then it is hashed afresh).
#[derive(Deserialize)]
#[serde(untagged)]
enum Read<T> {
    Saved { path: String, hash: u64, data: T },
    Bare(T),
}

impl<'de, T: DeserializeOwned + Serialize> Deserialize<'de> for Loaded<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(match Read::<T>::deserialize(d)? {
            Read::Saved { path, hash, data } => Loaded {
                path,
                hash,
                data: Arc::new(data),
            },
            Read::Bare(data) => Loaded::made("saved state", data),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_the_data_and_compare_by_path_and_hash() {
        let a = Loaded::from_file("a.csv", b"1,2\n", vec![1.0, 2.0]);
        let b = a.clone();
        assert!(Arc::ptr_eq(a.shared(), b.shared()));
        assert_eq!(a, b);
        let c = Loaded::from_file("a.csv", b"1,3\n", vec![1.0, 3.0]);
        assert_ne!(a, c, "another content");
        let d = Loaded::from_file("b.csv", b"1,2\n", vec![1.0, 2.0]);
        assert_ne!(a, d, "another file");
    }

    #[test]
    fn the_hash_is_fnv_1a() {
        // The published FNV-1a 64 test vectors.
        assert_eq!(content_hash(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(content_hash(b"a"), 0xaf63_dc4c_8601_ec8c);
    }

    #[test]
    fn a_saved_load_reads_back_and_bare_data_still_reads() {
        let a = Loaded::from_file("runs.csv", b"x", vec![1.5, 2.5]);
        let text = ron::to_string(&a).expect("saved");
        let back: Loaded<Vec<f64>> = ron::from_str(&text).expect("read back");
        assert_eq!(back, a);
        assert_eq!(back.data(), &vec![1.5, 2.5]);
        let bare: Loaded<Vec<f64>> = ron::from_str("[1.5, 2.5]").expect("bare data");
        assert_eq!(bare.data(), &vec![1.5, 2.5]);
        assert_eq!(bare.path(), "saved state");
    }
}
