# Reference values of test/unit/verdict_calibration_test.cpp's PairedInterval.MatchesR:
# steady ab's paired interval is R's paired t interval of the log fork means,
# exponentiated. Rscript test/unit/reference/paired_interval.R (R 4.2.2).
a <- c(100, 103, 97, 101, 99.5)
b <- c(102, 104.5, 99, 101.5, 102)
t <- t.test(log(b), log(a), paired = TRUE, conf.level = 0.99)
cat(sprintf("%.15g", exp(c(t$estimate, t$conf.int))), "\n")
cat(sprintf("se %.15g df %g\n", t$stderr, t$parameter))
