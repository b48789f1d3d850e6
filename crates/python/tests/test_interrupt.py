"""A long evaluation stops on a signal; the GIL is released meanwhile."""

import _thread
import signal
import sys
import threading
import time

import pytest

import terrace

# About a million strings: seconds of work, far longer than the signals below.
LONG = 'length([for i in range(1024) : [for j in range(1024) : "${i}-${j}"]])'

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="signal.setitimer is POSIX")


def test_keyboard_interrupt_stops_an_evaluation():
    timer = threading.Timer(0.2, _thread.interrupt_main)
    timer.start()
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        terrace.evaluate(LONG)
    assert time.monotonic() - started < 3
    timer.join()
    # The package keeps working afterwards.
    assert terrace.evaluate("1 + 1") == 2


@posix_only
def test_alarm_handler_exception_stops_an_evaluation():
    class Alarm(Exception):
        pass

    def handler(signum, frame):
        raise Alarm

    previous = signal.signal(signal.SIGALRM, handler)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.2)
        started = time.monotonic()
        with pytest.raises(Alarm):
            terrace.evaluate(LONG)
        assert time.monotonic() - started < 3
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_module_evaluation_is_interruptible(tmp_path):
    (tmp_path / "main.tf").write_text('locals {\n  n = 1024\n}\n')
    module = terrace.Module(tmp_path)
    timer = threading.Timer(0.2, _thread.interrupt_main)
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        module.evaluate('length([for i in range(local.n) : [for j in range(local.n) : "${i}-${j}"]])')
    timer.join()
    assert module.evaluate("local.n") == 1024


def test_gil_is_released_while_evaluating():
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.005)

    thread = threading.Thread(target=tick)
    thread.start()
    timer = threading.Timer(0.5, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            terrace.evaluate(LONG)
    finally:
        stop.set()
        thread.join()
        timer.join()
    # The other thread ran Python code while terrace evaluated.
    assert len(ticks) > 5


def test_evaluations_from_threads():
    results = {}

    def work(n):
        results[n] = terrace.evaluate("sum([for i in range(n) : i])", {"n": n})

    threads = [threading.Thread(target=work, args=(n,)) for n in range(1, 9)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == {n: n * (n - 1) // 2 for n in range(1, 9)}
