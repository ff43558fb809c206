//! The cluster recipes of docs/census.md: the Slurm example is the job file
//! `scripts/slurm-census.sh` submits, and the tasks of the Slurm and the
//! Kubernetes examples split a range into shards that take every game once.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const JOB_FILE: &str = "scripts/census-array.sbatch";

/// The range the tasks are run on here, and cheap settings for it: one
/// rules setting, a few thousand states a deal.
const RANGE: (u64, u64) = (1, 40);
const CHEAP: [&str; 10] =
    ["--draw", "3", "--passes", "1", "--foundation-to-tableau", "off", "--max-states", "20000", "--timeout", "1e7"];

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(ROOT).join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The `sh` code blocks of a Markdown text, each as its lines after the
/// fence, up to the closing one.
fn sh_blocks(markdown: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut rest = markdown;
    while let Some(start) = rest.find("\n```sh\n") {
        let body = &rest[start + "\n```sh\n".len()..];
        let end = body.find("\n```").expect("a code block is closed") + 1;
        blocks.push(body[..end].to_string());
        rest = &body[end..];
    }
    blocks
}

#[test]
fn the_docs_slurm_example_is_the_job_file_byte_for_byte() {
    let job = read(JOB_FILE);
    let docs = read("docs/census.md");
    let slurm: Vec<String> = sh_blocks(&docs).into_iter().filter(|b| b.contains("#SBATCH")).collect();
    assert_eq!(slurm.len(), 1, "docs/census.md shows one Slurm job file");
    assert_eq!(slurm[0], job, "docs/census.md's Slurm example is not {JOB_FILE}: paste the file");
    // The README, where it shows one, shows the same.
    for block in sh_blocks(&read("README.md")).into_iter().filter(|b| b.contains("#SBATCH")) {
        assert_eq!(block, job, "README.md's Slurm example is not {JOB_FILE}: paste the file");
    }
}

/// The games of every batch file in `dir`, by file, checked to take every
/// game of RANGE exactly once over all the files.
fn assert_shards_partition_the_range(dir: &Path, tasks: usize) {
    let mut games: BTreeMap<u64, Vec<String>> = BTreeMap::new();
    let mut files = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        files += 1;
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        for line in std::fs::read_to_string(&path).unwrap().lines() {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            let game = value["game"].as_str().unwrap().parse().unwrap();
            games.entry(game).or_default().push(name.clone());
        }
    }
    assert_eq!(files, tasks, "a file per task (one rules setting)");
    let want: Vec<u64> = (RANGE.0..=RANGE.1).collect();
    assert_eq!(games.keys().copied().collect::<Vec<_>>(), want, "every game of the range, and no other");
    for (game, names) in &games {
        assert_eq!(names.len(), 1, "game {game} is in {names:?}");
    }
}

/// The job file, run as Slurm runs each task of its array: `sh FILE ARGS`
/// with `SLURM_ARRAY_TASK_ID` each index of its `--array=1-N`.
#[test]
fn the_slurm_job_files_tasks_take_every_game_once() {
    let job = read(JOB_FILE);
    let array = job
        .lines()
        .find_map(|l| l.strip_prefix("#SBATCH --array=1-"))
        .expect("the job file says its array, #SBATCH --array=1-N");
    let tasks: usize = array.trim().parse().unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("shared");
    let range = format!("{}..{}", RANGE.0, RANGE.1);
    for task in 1..=tasks {
        let out = Command::new("sh")
            .arg(Path::new(ROOT).join(JOB_FILE))
            .arg(&range)
            .arg(&dir)
            .args(CHEAP)
            .env("SLURM_ARRAY_TASK_ID", task.to_string())
            .env("SLURM_CPUS_PER_TASK", "1")
            .env("KLONDIKE", env!("CARGO_BIN_EXE_klondike"))
            .output()
            .unwrap();
        assert!(out.status.success(), "task {task}: {}", String::from_utf8_lossy(&out.stderr));
    }
    assert_shards_partition_the_range(&dir, tasks);
}

/// The Kubernetes Indexed Job's command, run under `sh -c` with each
/// `JOB_COMPLETION_INDEX` from 0 to its completions less one, on a small
/// range with cheap settings.
#[test]
fn the_kubernetes_jobs_tasks_take_every_game_once() {
    let docs = read("docs/census.md");
    let yaml = &docs[docs.find("kind: Job").expect("docs/census.md shows a Kubernetes Job")..];
    let yaml = &yaml[..yaml.find("```").unwrap()];
    let field = |name: &str| -> usize {
        let line = yaml.lines().find_map(|l| l.trim().strip_prefix(name)).unwrap_or_else(|| panic!("{name}"));
        line.trim().parse().unwrap()
    };
    let tasks = field("completions:");
    assert_eq!(field("parallelism:"), tasks);
    assert!(yaml.contains("completionMode: Indexed"), "{yaml}");
    let command = yaml.lines().find_map(|l| l.trim().strip_prefix("command: [\"sh\", \"-c\", \"")).unwrap();
    let command = command.strip_suffix("\"]").unwrap();
    let shard = format!(" --shard $((JOB_COMPLETION_INDEX + 1))/{tasks} ");
    assert!(command.contains(&shard), "{command}: {shard}");
    // The same command on the small range, into a folder here.
    let (games, dir) = (" --games 1..100000 ", " --dir /census");
    assert!(command.contains(games) && command.ends_with(dir), "{command}");
    let tmp = tempfile::tempdir().unwrap();
    let here = tmp.path().join("census");
    let command = command
        .replace(games, &format!(" --games {}..{} {} ", RANGE.0, RANGE.1, CHEAP.join(" ")))
        .replace(dir, &format!(" --dir {}", here.display()));
    let command = command.strip_prefix("klondike ").expect("the command runs klondike");
    for index in 0..tasks {
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!("\"$KLONDIKE\" {command}"))
            .env("KLONDIKE", env!("CARGO_BIN_EXE_klondike"))
            .env("JOB_COMPLETION_INDEX", index.to_string())
            .output()
            .unwrap();
        assert!(out.status.success(), "index {index}: {}", String::from_utf8_lossy(&out.stderr));
    }
    assert_shards_partition_the_range(&here, tasks);
}
