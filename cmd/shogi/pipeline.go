package main

import (
	"iter"
	"sync"

	"github.com/kifu-go/shogi/record"
)

// pipeline runs work on the inputs in parallel, jobs at a time, and yields what work
// emits in input order. Memory stays bounded: an input's results wait in a small buffer
// until the inputs before it are done, and no more than jobs inputs are open at once.
func pipeline[T any](inputs iter.Seq[record.Entry], jobs int, work func(record.Entry, func(T))) iter.Seq[T] {
	return func(yield func(T) bool) {
		type job struct {
			entry record.Entry
			out   chan T
		}
		queue := make(chan *job, jobs) // jobs in input order, for the printer
		todo := make(chan *job)        // jobs for the workers
		stop := make(chan struct{})
		var wg sync.WaitGroup
		for range jobs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for j := range todo {
					work(j.entry, func(v T) {
						select {
						case j.out <- v:
						case <-stop:
						}
					})
					close(j.out)
				}
			}()
		}
		go func() {
			defer close(todo)
			defer close(queue)
			for e := range inputs {
				j := &job{entry: e, out: make(chan T, 64)}
				select {
				case queue <- j:
				case <-stop:
					return
				}
				select {
				case todo <- j:
				case <-stop:
					close(j.out) // queued but never worked on
					return
				}
			}
		}()
		defer func() {
			close(stop)
			for j := range queue { // let the producer and the workers finish
				for range j.out {
				}
			}
			wg.Wait()
		}()
		for j := range queue {
			for v := range j.out {
				if !yield(v) {
					return
				}
			}
		}
	}
}
