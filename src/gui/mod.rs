//! The eframe/egui desktop GUI.
