# bench/results/latest.svg from bench/report's data files:
#   gnuplot -e "dir='bench/results'" bench/chart.gp
# Left: median wall time, lightfix (fresh and from its result cache) vs
# ast-grep, per tree. Right: lightfix's wall time and peak RSS against
# corpus size (linear cost, flat memory).
if (!exists("dir")) dir = 'bench/results'
set terminal svg size 1000,420 dynamic font "sans,11" background rgb "white"
set output dir.'/latest.svg'
set multiplot layout 1,2

set title "check: lightfix vs ast-grep (median wall s)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set ylabel "wall time (s)"
set yrange [0:*]
set key top left
set xtics rotate by -20 noenhanced
plot dir.'/latest-compare.dat' using 2:xtic(1) title "lightfix" lc rgb "#1f77b4", \
     '' using 3 title "ast-grep" lc rgb "#ff7f0e", \
     '' using 4 title "lightfix, cached" lc rgb "#9ecae1"

unset style
set style data linespoints
set title "lightfix check vs corpus size"
set xlabel "corpus (MiB of .py)"
set ylabel "wall time (s)"
set y2label "peak RSS (MiB)"
set ytics nomirror
set y2tics
set yrange [0:*]
set y2range [0:*]
set xrange [0:*]
set xtics norotate
set key top left
plot dir.'/latest-scale.dat' using 1:2 axes x1y1 title "wall s" lw 2 pt 7 lc rgb "#1f77b4", \
     '' using 1:3 axes x1y2 title "peak RSS MiB" lw 2 pt 5 lc rgb "#2ca02c"
unset multiplot
