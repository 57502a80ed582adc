//! Every file hetscope reads is refused when it is larger than its kind
//! allows, before it is read into memory: a file at the limit is read; a
//! long file within it is read in linear time. A huge file refused at once,
//! by the library and the command line alike, is tested with the command
//! line (`tests/cli/bounded_reads.rs` of the app).

use std::time::Instant;

use hetscope_preset::FileLimit;
use hetscope_preset::fpm::{load_speed_csv, parse_speed_csv};

#[test]
fn a_speed_function_at_the_limit_is_read_and_one_byte_more_is_not() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("at-limit.csv");
    let body = "size,speed\n1,2\n5,4\n";
    // A comment line fills the file to the limit exactly.
    let fill = FileLimit::MEASUREMENTS.bytes as usize - body.len() - "# \n".len();
    let text = format!("# {}\n{body}", "x".repeat(fill));
    assert_eq!(text.len() as u64, FileLimit::MEASUREMENTS.bytes);
    std::fs::write(&path, &text).expect("written");
    let csv = load_speed_csv(&path).expect("a file at the limit is read");
    assert_eq!(csv.rows.len(), 2);
    std::fs::write(&path, format!("{text}\n")).expect("written");
    let e = load_speed_csv(&path)
        .expect_err("one byte over")
        .to_string();
    assert!(
        e.contains(
            "the file is 16000001 bytes; hetscope reads measurement files up to 16000000 bytes"
        ),
        "{e}"
    );
}

#[test]
fn a_long_speed_function_is_read_in_linear_time() {
    // 200 000 points (3 MB): far more than any measurement needs.
    let mut text = String::from("# unit: blocks\nsize,speed\n");
    for k in 1..=200_000u32 {
        text.push_str(&format!("{k},{}\n", 100 + k % 7));
    }
    let start = Instant::now();
    let csv = parse_speed_csv(&text, "long.csv").expect("valid");
    assert_eq!(csv.rows.len(), 200_000);
    assert!(
        start.elapsed().as_secs_f64() < 10.0,
        "200 000 rows took {:?}",
        start.elapsed()
    );
}
