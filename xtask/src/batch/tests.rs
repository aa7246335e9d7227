//! Tests of the shortcut: bundled names resolve to their files, unknown ones are named with
//! the list. The batch itself is tested in `maze-batch` and through `maze batch`.

use super::files;

#[test]
fn bundled_names_resolve_to_their_files() {
    let found = files(&["walls".to_string(), "rook".to_string()]).unwrap();
    let names: Vec<String> = found.iter().map(|p| crate::quality::stem(p)).collect();
    assert_eq!(names, ["walls", "rook"]);
    assert!(found.iter().all(|p| p.is_file()));
    assert!(files(&[]).unwrap().len() > 10);
    let error = files(&["rook".into(), "square".into()]).unwrap_err();
    assert!(error.contains("unknown variant `square`"), "{error}");
    assert!(
        error.contains("blocked_holes, chess, exit, hex,"),
        "{error}"
    );
}
