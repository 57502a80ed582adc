//! The field names of a serde type, as its `Deserialize` asks for them:
//! a deserializer that answers nothing but records the struct name and
//! fields it is asked for. So each file kind's fields come from the type
//! that reads it and cannot drift from it.

use std::fmt;

use serde::de::{self, DeserializeOwned, Visitor};

/// What a type's `Deserialize` asked for: its struct name and fields.
pub struct Asked {
    pub name: &'static str,
    pub fields: &'static [&'static str],
}

/// The struct name and fields `T` reads (through `from`/`try_from` types
/// too); `None` for a type that reads no struct.
pub fn fields_of<T: DeserializeOwned>() -> Option<Asked> {
    let mut catch = Catch(None);
    let _ = T::deserialize(&mut catch);
    catch.0
}

struct Catch(Option<Asked>);

/// The answer to every question: none.
#[derive(Debug)]
struct Nothing;

impl fmt::Display for Nothing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("only the fields are asked for")
    }
}

impl std::error::Error for Nothing {}

impl de::Error for Nothing {
    fn custom<T: fmt::Display>(_msg: T) -> Self {
        Nothing
    }
}

impl<'de> de::Deserializer<'de> for &mut Catch {
    type Error = Nothing;

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Nothing> {
        Err(Nothing)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value, Nothing> {
        self.0 = Some(Asked { name, fields });
        Err(Nothing)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map enum identifier ignored_any
    }
}
