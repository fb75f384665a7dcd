//! Dense linear solvers for CP: Gaussian elimination with partial pivoting, and a least-squares
//! fallback (Householder QR with column pivoting) for singular systems.

/// A pivot (or column norm) at most this times the matrix's largest entry counts as zero.
const SINGULAR_TOLERANCE: f64 = 1e-12;

/// How a system was solved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// Gaussian elimination with partial pivoting (the system is regular).
    Gauss,
    /// Basic least-squares solution (the system is singular).
    LeastSquares,
}

/// Solves `a·x = b` (square): Gaussian elimination, or least squares when `a` is singular.
pub fn solve(a: &[Vec<f64>], b: &[f64]) -> (Vec<f64>, Method) {
    match gauss(a.to_vec(), b.to_vec()) {
        Some(x) => (x, Method::Gauss),
        None => (least_squares(a.to_vec(), b.to_vec()), Method::LeastSquares),
    }
}

fn tolerance(a: &[Vec<f64>]) -> f64 {
    let largest = a.iter().flatten().fold(1.0f64, |m, v| m.max(v.abs()));
    SINGULAR_TOLERANCE * largest * a.len().max(1) as f64
}

/// Gaussian elimination with partial pivoting; `None` when a pivot is (numerically) zero.
fn gauss(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    let tol = tolerance(&a);
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() <= tol {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        let (top, bottom) = a.split_at_mut(col + 1);
        let pivot_row = &top[col];
        for (offset, row) in bottom.iter_mut().enumerate() {
            let factor = row[col] / pivot_row[col];
            for (x, p) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                *x -= factor * p;
            }
            b[col + 1 + offset] -= factor * b[col];
        }
    }
    Some(back_substitute(&a, &b, n))
}

/// Solves the upper-triangular leading `n × n` part of `r·x = y`.
fn back_substitute(r: &[Vec<f64>], y: &[f64], n: usize) -> Vec<f64> {
    let mut x = vec![0.0; n];
    for i in (0..n).rev() {
        let tail: f64 = (i + 1..n).map(|k| r[i][k] * x[k]).sum();
        x[i] = (y[i] - tail) / r[i][i];
    }
    x
}

/// The basic least-squares solution of `a·x ≈ b`: Householder QR with column pivoting; the
/// numerical rank `r` is where the remaining column norms vanish; the `r` leading (pivoted)
/// unknowns come from `R₁₁ x₁ = (Qᵀb)₁` and the others are set to zero.
fn least_squares(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let (m, n) = (a.len(), a.first().map_or(0, Vec::len));
    let tol = tolerance(&a);
    let mut perm: Vec<usize> = (0..n).collect();
    let mut rank = 0;
    for k in 0..m.min(n) {
        let norm = |a: &[Vec<f64>], j: usize| (k..m).map(|i| a[i][j] * a[i][j]).sum::<f64>().sqrt();
        let best = (k..n)
            .max_by(|&i, &j| norm(&a, i).total_cmp(&norm(&a, j)))
            .unwrap_or(k);
        if norm(&a, best) <= tol {
            break;
        }
        for row in a.iter_mut() {
            row.swap(k, best);
        }
        perm.swap(k, best);
        reflect(&mut a, &mut b, k);
        rank = k + 1;
    }
    let head = back_substitute(&a, &b, rank);
    let mut x = vec![0.0; n];
    for (i, v) in head.into_iter().enumerate() {
        x[perm[i]] = v;
    }
    x
}

/// Applies the Householder reflection that zeroes column `k` below the diagonal to `a` and `b`.
fn reflect(a: &mut [Vec<f64>], b: &mut [f64], k: usize) {
    let m = a.len();
    let norm = (k..m).map(|i| a[i][k] * a[i][k]).sum::<f64>().sqrt();
    let alpha = if a[k][k] > 0.0 { -norm } else { norm };
    let mut v: Vec<f64> = (k..m).map(|i| a[i][k]).collect();
    v[0] -= alpha;
    let vv: f64 = v.iter().map(|x| x * x).sum();
    if vv == 0.0 {
        return;
    }
    let cols = a[k].len();
    let dots: Vec<f64> = (k..cols)
        .map(|j| (k..m).map(|i| v[i - k] * a[i][j]).sum())
        .collect();
    for (row, vi) in a[k..].iter_mut().zip(&v) {
        for (x, d) in row[k..].iter_mut().zip(&dots) {
            *x -= 2.0 * d / vv * vi;
        }
    }
    let dot: f64 = b[k..].iter().zip(&v).map(|(x, vi)| x * vi).sum();
    for (x, vi) in b[k..].iter_mut().zip(&v) {
        *x -= 2.0 * dot / vv * vi;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regular_system_uses_gauss() {
        // 2x + y = 5, x + 3y = 10 → x = 1, y = 3; the first pivot is 0 without pivoting.
        let a = vec![
            vec![0.0, 1.0, 0.0],
            vec![2.0, 1.0, 0.0],
            vec![1.0, 3.0, 1.0],
        ];
        let (x, m) = solve(&a, &[3.0, 5.0, 11.0]);
        assert_eq!(m, Method::Gauss);
        // y = 3, 2x + 3 = 5 → x = 1, x + 9 + z = 11 → z = 1.
        for (got, want) in x.iter().zip([1.0, 3.0, 1.0]) {
            assert!((got - want).abs() < 1e-12);
        }
    }

    #[test]
    fn singular_inconsistent_system_minimizes_residual() {
        // Rows: x + y = 1 and x + y = 3 → least squares: x + y = 2, basic solution has one zero.
        let a = vec![vec![1.0, 1.0], vec![1.0, 1.0]];
        let (x, m) = solve(&a, &[1.0, 3.0]);
        assert_eq!(m, Method::LeastSquares);
        assert!((x[0] + x[1] - 2.0).abs() < 1e-12, "{x:?}");
        assert!(x[0] == 0.0 || x[1] == 0.0, "{x:?}");
    }
}
