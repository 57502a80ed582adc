//! Where StarPU keeps its models and how a folder of them is read: a
//! sampling folder (`$STARPU_HOME/.starpu/sampling`, its `codelets/45`
//! or, from StarPU 1.2, `codelets/44`),
//! the model folder itself, or one file named `<symbol>.<host>`.

use std::path::{Path, PathBuf};

use super::{PerfModel, StarpuError, parse_perfmodel};
use crate::read_text;

/// One model file and the codelet symbol it is of.
#[derive(Clone, Debug, PartialEq)]
pub struct ModelFile {
    pub path: PathBuf,
    /// The file name before its first dot.
    pub symbol: String,
    /// The file name (`<symbol>.<host>`).
    pub name: String,
}

impl ModelFile {
    /// The host the model was measured on: the name after its first dot.
    pub fn host(&self) -> &str {
        self.name.split_once('.').map_or("", |(_, h)| h)
    }
}

/// Why no models could be taken from a path.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum StarpuFilesError {
    #[error("{path}: {message}")]
    Read { path: String, message: String },
    #[error(
        "{path}: no StarPU model file{of} (files named <symbol>.<host>; a sampling folder's are in codelets/45, or codelets/44 from StarPU 1.2)",
        of = symbol.as_ref().map_or(String::new(), |s| format!(" of symbol {s}"))
    )]
    NoModels {
        path: String,
        symbol: Option<String>,
    },
    #[error(
        "{path}: models of {n} codelets ({list}): name one with --symbol",
        n = symbols.len(),
        list = symbols.join(", ")
    )]
    SeveralSymbols { path: String, symbols: Vec<String> },
    #[error(
        "{path}: models of {symbol} from {n} hosts ({list}): name one with --host (a partition is of one machine's workers)",
        n = hosts.len(),
        list = hosts.join(", ")
    )]
    SeveralHosts {
        path: String,
        symbol: String,
        hosts: Vec<String>,
    },
    #[error("{path}: no model of {symbol} from host {host} (hosts: {list})", list = hosts.join(", "))]
    NoSuchHost {
        path: String,
        symbol: String,
        host: String,
        hosts: Vec<String>,
    },
    #[error(transparent)]
    Parse(#[from] StarpuError),
    #[error(transparent)]
    File(#[from] crate::PresetError),
}

/// The model files `path` names (the models of `symbol` only, where
/// given), sorted by name; files this program writes (`.csv`) are none.
pub fn model_files(path: &Path, symbol: Option<&str>) -> Result<Vec<ModelFile>, StarpuFilesError> {
    let shown = path.display().to_string();
    let files: Vec<PathBuf> = if path.is_dir() {
        // A sampling folder keeps each format's models apart: StarPU
        // 1.3 and 1.4 write codelets/45, 1.2 codelets/44.
        let dir = ["45", "44"]
            .iter()
            .map(|v| path.join("codelets").join(v))
            .find(|d| d.is_dir())
            .unwrap_or_else(|| path.to_path_buf());
        let entries = std::fs::read_dir(&dir).map_err(|e| StarpuFilesError::Read {
            path: dir.display().to_string(),
            message: e.to_string(),
        })?;
        let mut v: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.is_file())
            .collect();
        v.sort();
        v
    } else {
        vec![path.to_path_buf()]
    };
    let named: Vec<ModelFile> = files
        .into_iter()
        .filter_map(|p| {
            let name = p.file_name()?.to_str()?.to_string();
            // What the importer writes is no model (a folder may be both
            // where models are read and where their files go).
            if name.ends_with(".csv") {
                return None;
            }
            let (sym, _host) = name.split_once('.')?;
            let symbol_of = sym.to_string();
            symbol.is_none_or(|s| s == symbol_of).then_some(ModelFile {
                path: p,
                symbol: symbol_of,
                name,
            })
        })
        .collect();
    if named.is_empty() {
        return Err(StarpuFilesError::NoModels {
            path: shown,
            symbol: symbol.map(str::to_string),
        });
    }
    Ok(named)
}

/// The model of one codelet on one machine at `path`: its file and what
/// it holds. Without `symbol` the path must hold one codelet's models,
/// without `host` models from one host.
pub fn read_codelet(
    path: &Path,
    symbol: Option<&str>,
    host: Option<&str>,
) -> Result<(ModelFile, PerfModel), StarpuFilesError> {
    let shown = path.display().to_string();
    let mut files = model_files(path, symbol)?;
    let mut symbols: Vec<String> = files.iter().map(|f| f.symbol.clone()).collect();
    symbols.dedup();
    if symbols.len() > 1 {
        return Err(StarpuFilesError::SeveralSymbols {
            path: shown,
            symbols,
        });
    }
    let hosts: Vec<String> = files.iter().map(|f| f.host().to_string()).collect();
    let symbol = symbols.swap_remove(0);
    if let Some(h) = host {
        files.retain(|f| f.host() == h);
        if files.is_empty() {
            return Err(StarpuFilesError::NoSuchHost {
                path: shown,
                symbol,
                host: h.to_string(),
                hosts,
            });
        }
    } else if files.len() > 1 {
        return Err(StarpuFilesError::SeveralHosts {
            path: shown,
            symbol,
            hosts,
        });
    }
    let file = files.swap_remove(0);
    let text = read_text(&file.path)?;
    let model = parse_perfmodel(&text, &file.name)?;
    Ok((file, model))
}
