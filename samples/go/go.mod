module example.com/pq-sample

go 1.19
