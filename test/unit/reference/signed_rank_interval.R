# Reference values of test/unit/verdict_calibration_test.cpp's SignedRankInterval.*:
# steady ab's interval by ranks is R's paired Wilcoxon signed-rank interval
# (Hodges-Lehmann estimate) of the log fork means, exponentiated; the states'
# test is R's fisher.test. Rscript test/unit/reference/signed_rank_interval.R (R 4.2.2).
show <- function(a, b, level) {
  w <- wilcox.test(log(b), log(a), paired = TRUE, conf.int = TRUE, conf.level = level, exact = TRUE)
  cat(sprintf("%.15g", exp(c(w$estimate, w$conf.int))), "\n")
}
# 12 rounds, one far ratio.
a <- c(100, 103, 97, 101, 99.5, 98, 102, 100.5, 99, 101.5, 100, 97.5)
b <- c(102, 104.5, 99, 101.5, 102, 160, 101, 102, 100, 103, 99.5, 99)
show(a, b, 0.99)
# 40 and 60 rounds: a machine with a slow state (x1.7) that a round's forks
# meet apart every fifth / seventh round.
mk <- function(n) {
  i <- 1:n
  a <- 100 * (1 + 0.02 * sin(i)) * ifelse(i %% 5 == 0, 1.7, 1)
  b <- 100 * (1 + 0.02 * cos(3 * i)) * ifelse(i %% 7 == 0, 1.7, 1)
  list(a = a, b = b)
}
x <- mk(40); show(x$a, x$b, 1 - 0.0025)
x <- mk(60); show(x$a, x$b, 0.99)
cat(sprintf("%.15g", psignrank(0:5, 10)), "\n")
cat(sprintf("%.15g", c(fisher.test(matrix(c(3, 1, 1, 3), 2))$p.value,
                        fisher.test(matrix(c(40, 35, 0, 5), 2))$p.value,
                        fisher.test(matrix(c(28, 30, 12, 10), 2))$p.value)), "\n")
# fisher_exact_greater_p (FisherExact.MatchesR): one-sided, a b / c d by row
for (m in list(c(3, 0, 0, 37), c(2, 1, 0, 37), c(2, 0, 0, 38), c(1, 2, 2, 35), c(3, 2, 1, 34), c(0, 3, 2, 35)))
  cat(m, sprintf("%.17g", fisher.test(matrix(m, 2, byrow = TRUE), alternative = "greater")$p.value), "\n")
