//! A class name that is one of the 11 modelled classes ([`Class`]): the
//! name as written, parsed (`class_parse`) and matched with its shape
//! (`class_match`, `class_shape`).

use std::fmt;

use super::class_error::ClassError;
use super::class_match::classify;
use super::class_parse::{ClassName, parse_spanned};
use super::class_shape::ClassShape;

/// A class name that is one of the 11 modelled classes. The name is kept
/// as written (for display); the shape carries the sizes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Class {
    name: ClassName,
    shape: ClassShape,
}

impl Class {
    /// Parse and classify a class name. The error points at the part that
    /// cannot be read or that makes the class one the model does not cover.
    pub fn parse(text: &str) -> Result<Class, ClassError> {
        let (name, spans) = parse_spanned(text)?;
        let shape = classify(text, &name, &spans)?;
        Ok(Class { name, shape })
    }

    /// The class with the canonical name of `shape`.
    pub fn from_shape(shape: ClassShape) -> Class {
        Class {
            name: shape.name(),
            shape,
        }
    }

    pub fn name(&self) -> &ClassName {
        &self.name
    }

    pub fn shape(&self) -> &ClassShape {
        &self.shape
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.name.fmt(f)
    }
}

impl std::str::FromStr for Class {
    type Err = ClassError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Class::parse(s)
    }
}
