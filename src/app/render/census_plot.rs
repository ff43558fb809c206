//! The census as a picture (SVG, drawn with plotters): the win rate of each
//! rules setting with its 95% interval and, where the files counted hold
//! times, the mean, 99th-percentile and longest time per deal, on a
//! logarithmic scale. One row a setting, named as in the table.

use plotters::prelude::*;

use crate::app::census::Row;

/// Pixels a setting takes, top to bottom, in each panel.
const ROW_HEIGHT: u32 = 34;
/// Room for the settings' names on the left, and the panels' margins.
const NAMES_WIDTH: u32 = 400;
const WIDTH: u32 = 1100;
const PANEL_EXTRA: u32 = 110;

/// `rows` drawn as an SVG document under `title`: the win rates, and the
/// times when any row has them. A row with no decided deal has no point.
///
/// # Errors
/// A drawing error of plotters, in its words (not expected: the picture is
/// drawn into memory).
pub fn census_svg(rows: &[Row], title: &str) -> Result<String, String> {
    let mut svg = String::new();
    let timed = rows.iter().any(|r| r.mean_seconds.is_some());
    let panel = PANEL_EXTRA + ROW_HEIGHT * rows.len().max(1) as u32;
    let height = if timed { 2 * panel } else { panel } + 40;
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, height)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let root = root.titled(title, ("sans-serif", 22)).map_err(|e| e.to_string())?;
        if timed {
            let (top, bottom) = root.split_vertically(panel);
            win_rates(&top, rows)?;
            times(&bottom, rows)?;
        } else {
            win_rates(&root, rows)?;
        }
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

/// The settings' names, first row at the top.
fn name(rows: &[Row], at: i32) -> String {
    usize::try_from(rows.len() as i32 - 1 - at)
        .ok()
        .and_then(|i| rows.get(i))
        .map_or_else(String::new, |r| r.rules.to_string())
}

/// The y coordinate of row `i`: the first row at the top.
fn y(rows: &[Row], i: usize) -> i32 {
    rows.len() as i32 - 1 - i as i32
}

fn win_rates<DB: DrawingBackend>(area: &DrawingArea<DB, plotters::coord::Shift>, rows: &[Row]) -> Result<(), String> {
    let n = rows.len().max(1) as i32;
    let mut chart = ChartBuilder::on(area)
        .caption("Deals won, with 95% interval (%)", ("sans-serif", 16))
        .margin(12)
        // Room for half of the last tick's label, "100", past the axis.
        .margin_right(24)
        .x_label_area_size(30)
        .y_label_area_size(NAMES_WIDTH)
        .build_cartesian_2d(0.0..100.0, -1..n)
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .y_labels(rows.len() + 2)
        .y_label_formatter(&|at| name(rows, *at))
        .x_label_formatter(&|at| format!("{at:.0}"))
        .x_desc("win rate (%)")
        .draw()
        .map_err(|e| e.to_string())?;
    let points: Vec<(f64, f64, f64, i32)> = rows
        .iter()
        .enumerate()
        .filter_map(|(i, r)| r.win_rate().map(|(rate, lo, hi)| (100.0 * rate, 100.0 * lo, 100.0 * hi, y(rows, i))))
        .collect();
    chart
        .draw_series(
            points.iter().map(|&(rate, lo, hi, at)| ErrorBar::new_horizontal(at, lo, rate, hi, BLUE.filled(), 10)),
        )
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(points.iter().map(|&(rate, _, _, at)| {
            // Right of its point, or left of it near the right edge, where
            // it would be cut off.
            let offset = if rate > 85.0 { (-58, -18) } else { (8, -18) };
            EmptyElement::at((rate, at)) + Text::new(format!("{rate:.2}%"), offset, ("sans-serif", 13))
        }))
        .map_err(|e| e.to_string())?;
    Ok(())
}

fn times<DB: DrawingBackend>(area: &DrawingArea<DB, plotters::coord::Shift>, rows: &[Row]) -> Result<(), String> {
    let n = rows.len().max(1) as i32;
    let longest = rows.iter().filter_map(|r| r.max_seconds).fold(1.0f64, f64::max);
    let shortest = rows.iter().filter_map(|r| r.mean_seconds).filter(|&s| s > 0.0).fold(longest, f64::min);
    let low = (shortest / 2.0).clamp(1e-6, 1e-3);
    let mut chart = ChartBuilder::on(area)
        .caption("Seconds per deal: mean (circle), 99th percentile (triangle), longest (cross)", ("sans-serif", 16))
        .margin(12)
        .x_label_area_size(30)
        .y_label_area_size(NAMES_WIDTH)
        .build_cartesian_2d((low..longest * 2.0).log_scale(), -1..n)
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .y_labels(rows.len() + 2)
        .y_label_formatter(&|at| name(rows, *at))
        .x_desc("seconds (log scale)")
        .draw()
        .map_err(|e| e.to_string())?;
    let at = |i: usize, s: Option<f64>| s.map(|s| (s.max(low), y(rows, i)));
    let means = rows.iter().enumerate().filter_map(|(i, r)| at(i, r.mean_seconds));
    chart.draw_series(means.map(|p| Circle::new(p, 5, BLUE.filled()))).map_err(|e| e.to_string())?;
    let p99s = rows.iter().enumerate().filter_map(|(i, r)| at(i, r.p99_seconds));
    chart.draw_series(p99s.map(|p| TriangleMarker::new(p, 6, RED.filled()))).map_err(|e| e.to_string())?;
    let longest = rows.iter().enumerate().filter_map(|(i, r)| at(i, r.max_seconds));
    chart.draw_series(longest.map(|p| Cross::new(p, 6, BLACK.stroke_width(2)))).map_err(|e| e.to_string())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rules::{DrawCount, PassLimit, Rules};

    fn row(rules: Rules, winnable: u64, unwinnable: u64, times: Option<(f64, f64, f64)>) -> Row {
        Row {
            rules,
            winnable,
            unwinnable,
            unknown: 0,
            mean_seconds: times.map(|t| t.0),
            p99_seconds: times.map(|t| t.1),
            max_seconds: times.map(|t| t.2),
            conflicts: Vec::new(),
            missing: None,
        }
    }

    #[test]
    fn the_picture_names_every_setting_and_draws_times_only_where_known() {
        let one = Rules { draw: DrawCount::One, passes: PassLimit::Unlimited, foundation_to_tableau: true };
        let three = Rules { draw: DrawCount::Three, passes: PassLimit::Limited(3), foundation_to_tableau: false };
        let rows = [row(one, 90, 10, Some((0.01, 0.2, 1.5))), row(three, 0, 0, None)];
        let svg = census_svg(&rows, "PySol games 1..100").unwrap();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"), "{svg}");
        for rules in [one, three] {
            assert!(svg.contains(&rules.to_string()), "{rules} is not named");
        }
        assert!(svg.contains("90.00%") && svg.contains("PySol games 1..100"));
        assert!(svg.contains("Seconds per deal"));
        // Verdicts with no times (a verdict file): no time panel.
        let untimed = census_svg(&[row(one, 9, 1, None)], "t").unwrap();
        assert!(!untimed.contains("Seconds per deal") && untimed.contains("90.00%"));
        // No rows: an empty picture, no panic.
        assert!(census_svg(&[], "none").unwrap().contains("<svg"));
    }
}
